// The later start: the app's services (app-services.ts), with the schema and state machine
// libraries they need. start.tsx awaits it before the first render, unless the page paints
// without it (services-source.ts); its modules then download after that paint.
//
// In stages, as in start.tsx: the machine library with the task machine, then the auth machine,
// each evaluated in its own task. (Through the app's own modules: a library imported by name
// would arrive whole.)
import type { AuthStorage } from '@machines/auth-storage';
import type { AppServices } from '@ui/domain/services/services-source';
import { withFirstRequest } from './first-request';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startServices(storage: AuthStorage): Promise<AppServices> {
  for (const stage of [() => import('@machines/task-registry'), () => import('@machines/auth.machine')]) {
    await stage();
    await nextTask();
  }
  const { createAppServices } = await import('./app-services');
  await nextTask();
  return createAppServices(storage, withFirstRequest());
}
