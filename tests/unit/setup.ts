import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A shared CI machine can take seconds to render a lazy route; findBy*/waitFor poll until this
// bound instead of Testing Library's 1 s default, so a slow run waits rather than fails.
configure({ asyncUtilTimeout: 15_000 });
