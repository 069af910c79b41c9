// The app's route tree, written by hand. Each route's file holds what must load eagerly (path,
// loader, beforeLoad, search validation); its component comes through lazyRouteComponent from its
// own chunk (a feature page, or the route's `*.lazy.tsx`), so the entry carries no screen's code.
import { adminRoute } from './admin';
import { adminDashboardRoute } from './admin-dashboard';
import { adminModuleRoute } from './admin-module';
import { fileRoute } from './file';
import { homeRoute } from './home';
import { mountExplorerRoute } from './mount-explorer';
import { mountExplorerPathRoute } from './mount-explorer-path';
import { pasteRoute } from './paste';
import { requestRoute } from './request';
import { rootRoute } from './root';
import { uploadRoute } from './upload';

export const routeTree = rootRoute.addChildren([
  homeRoute,
  uploadRoute,
  adminRoute.addChildren([adminDashboardRoute, adminModuleRoute]),
  pasteRoute,
  fileRoute,
  mountExplorerRoute,
  mountExplorerPathRoute,
  requestRoute,
]);
