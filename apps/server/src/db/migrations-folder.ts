import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed migrations folder, found from wherever this code runs (src/ or the dist bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the drizzle migrations folder');
}
