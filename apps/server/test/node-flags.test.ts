import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

// package.json and the README cannot import the list, so they repeat it: keep them in step.
describe('the server node flags', () => {
  it('are on npm start and on each command of the README that starts the built server', () => {
    const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    const commands = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').filter((l) => l.includes('node ') && l.includes('apps/server/dist/main.js'));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of commands) expect(line).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });
});
