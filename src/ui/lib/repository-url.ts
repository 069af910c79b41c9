/** The public source-code page linked from the shell. */
export const REPOSITORY_URL = 'https://github.com/clipdock/clipdock';
