import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.ts';
import { SERVER_DIR } from './serverDir.ts';

const root = path.join(SERVER_DIR, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe("the settings' documentation", () => {
  it('lists every setting the server reads once in the README, in one table, and in .env.example', () => {
    const readme = read('README.md');
    expect(readme.match(/^\| Variable\s/gm)).toHaveLength(1);
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]);
    const twice = rows.filter((name, i) => rows.indexOf(name) !== i);
    expect(twice).toEqual([]);
    const example = new Set([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(new Set(rows)).toEqual(example);
    expect(new Set(rows)).toEqual(new Set(Object.keys(envSchema.shape)));
  });
});
