// React DOM rendering one paragraph: the least a React page ships.
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<p>hello</p>);
