// After `npm install` or `npm ci`: npm runs on the system's Node, while the app and every npm script
// run on the Node 22 this project installs (the `node` package). When npm's own Node is older, say
// so once, so that its EBADENGINE warnings read as what they are.
const agent = process.env.npm_config_user_agent ?? '';
const major = Number(/node\/v(\d+)/.exec(agent)?.[1] ?? 'NaN');
if (major < 22) {
  console.log(
    `\nClipdock runs on the Node 22 it has just installed (node_modules/.bin/node), not on this system's Node ${major}:` +
      '\nthe EBADENGINE warnings above are about the older Node that runs npm itself, and can be ignored.\n',
  );
}
