// /admin/fs/move(-commit) and /user/fs/move(-commit), registered from the shared definitions.
import { Hono } from 'hono';
import { adminFsMoveEndpoints, userFsMoveEndpoints } from '@shared/api/fs-move.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { requestOrigin } from '@server/lib/signed-url';
import type { FsMoveCommitService } from './fs-move-commit.service';
import type { FsMoveService } from './fs-move.service';

export function fsMoveRoutes(moves: FsMoveService, commits: FsMoveCommitService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const fs of [adminFsMoveEndpoints, userFsMoveEndpoints]) {
    route(app, fs.move, ({ auth, body, c }) => moves.move(auth, body, requestOrigin(c, trustProxy)));
    route(app, fs.moveCommit, ({ auth, body }) => commits.commit(auth, body));
  }
  return app;
}
