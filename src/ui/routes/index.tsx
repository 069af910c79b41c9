import { createFileRoute } from '@tanstack/react-router';
import { CreatePastePage } from '../features/pastes/create/create-paste-page';

export const Route = createFileRoute('/')({ component: CreatePastePage });
