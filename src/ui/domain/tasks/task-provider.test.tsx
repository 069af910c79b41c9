// The shell asks only whether any task exists: progress reports of a running task re-render the
// panels that show them, not the shell and the page inside it.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskReporter } from '@machines/task-registry';
import { createAppServices } from '@ui/app/app-services';
import { ServicesProvider } from '@ui/domain/services/services-provider';
import { readyServices } from '@ui/domain/services/services-source';
import { useHasTasks, useTasks } from './task-provider';

describe('task hooks', () => {
  it('re-render the shell only when tasks come or go, the task list with every report', async () => {
    const services = createAppServices(window.localStorage);
    const renders = { shell: 0, list: 0 };
    function Shell() {
      renders.shell += 1;
      return <span data-testid="has">{String(useHasTasks())}</span>;
    }
    function List() {
      renders.list += 1;
      return <span data-testid="count">{useTasks().length}</span>;
    }
    const view = render(
      <ServicesProvider source={readyServices(services)}>
        <Shell />
        <List />
      </ServicesProvider>,
    );
    let report: TaskReporter | undefined;
    let finish: () => void = () => {};
    act(() => {
      services.tasks.start({
        type: 'download',
        label: 'basket',
        run: (reporter) =>
          new Promise<void>((resolve) => {
            report = reporter;
            finish = resolve;
          }),
      });
    });
    expect(view.getByTestId('has').textContent).toBe('true');
    const shellAfterStart = renders.shell;
    const listAfterStart = renders.list;
    for (let item = 0; item < 20; item += 1) act(() => report?.succeeded(`file-${item}`));
    expect(renders.list).toBeGreaterThanOrEqual(listAfterStart + 20);
    expect(renders.shell).toBe(shellAfterStart);
    await act(async () => finish());
    act(() => services.tasks.clearFinished());
    expect(view.getByTestId('has').textContent).toBe('false');
  });
});
