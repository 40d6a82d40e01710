// Regenerates docs/scripts.md's list of npm scripts from package.json, between the
// `<!-- scripts:start -->` and `<!-- scripts:end -->` markers (a generated region: upkeep
// masks its body when it compares releases, and runs this after an update).
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- scripts:start -->';
const END = '<!-- scripts:end -->';
const { scripts = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
const doc = readFileSync('docs/scripts.md', 'utf8');
const [before, rest] = doc.split(`${START}\n`);
const after = rest.slice(rest.indexOf(END));
const list = Object.entries(scripts).map(([name, command]) => `- \`npm run ${name}\`: \`${command}\`\n`).join('');
writeFileSync('docs/scripts.md', `${before}${START}\n${list}${after}`);
