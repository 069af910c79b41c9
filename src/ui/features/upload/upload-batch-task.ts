// An upload batch of the upload page as a task of the app's registry: the upload machine does the
// work; the task follows its snapshots (files done and failed, bytes from each file's percent) so
// the batch shows in the task panel, where cancel stops the batch. The page ends the task when it
// stops the batch on leaving.
import type { TaskSpec } from '@machines/task-registry';
import type { UploadContext } from '@machines/upload.machine';

type BatchActor = {
  getSnapshot(): { context: UploadContext; status: string };
  subscribe(observer: (snapshot: { context: UploadContext; status: string }) => void): { unsubscribe(): void };
  send(event: { type: 'upload.cancel' }): void;
};

/** The task, and `end`: called when the page stops the batch, so the task does not wait forever. */
export function uploadBatchTask(actor: BatchActor, label: string): { spec: TaskSpec; end: () => void } {
  let end: () => void = () => {};
  const spec: TaskSpec = {
    type: 'upload',
    label,
    run: (report, signal) =>
      new Promise<void>((finish) => {
        const told = new Set<string>();
        const follow = ({ context, status }: { context: UploadContext; status: string }) => {
          const files = context.order.flatMap((id) => context.files[id] ?? []);
          report.total(files.length);
          const total = files.reduce((sum, file) => sum + file.size, 0);
          report.bytes(
            files.reduce((sum, file) => sum + (file.size * file.percent) / 100, 0),
            total,
          );
          for (const file of files) {
            if (told.has(file.id) || (file.status !== 'success' && file.status !== 'error')) continue;
            told.add(file.id);
            if (file.status === 'success') report.succeeded(file.name);
            else report.failed(file.name, file.errorCode ?? 'internal');
          }
          if (status !== 'active') done();
        };
        const subscription = actor.subscribe(follow);
        const done = () => {
          subscription.unsubscribe();
          finish();
        };
        end = done;
        signal.addEventListener('abort', () => actor.send({ type: 'upload.cancel' }), { once: true });
        follow(actor.getSnapshot());
      }),
  };
  return { spec, end: () => end() };
}
