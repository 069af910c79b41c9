// React with TanStack Router: a root route and the paste page's route, rendering its slug.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const pasteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paste/$slug',
  component: function Paste() {
    const { slug } = pasteRoute.useParams();
    return <p>{slug}</p>;
  },
});
const router = createRouter({ routeTree: rootRoute.addChildren([pasteRoute]) });

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<RouterProvider router={router} />);
