// The root route: the shell layout around every screen, and the context every loader receives.
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../app/root-layout';
import type { RouterContext } from '../app/router-context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });
