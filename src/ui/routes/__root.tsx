import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '../app/root-layout';

export const Route = createRootRoute({ component: RootLayout });
