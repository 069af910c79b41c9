// The root route: the shell layout around every screen, and the context every loader receives.
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '@ui/app/root-layout';
import type { RouterContext } from '@ui/app/router-context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });
