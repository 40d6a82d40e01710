// The generated region the regeneration tests share: docs/TEAM.md's team list, rewritten
// from team.txt (one name a line) by the release's owned gen.sh.
export const START = '<!-- team:start -->';
export const END = '<!-- team:end -->';
export const GENERATOR = `f=docs/TEAM.md
{ sed -n '1,/^${START}$/p' "$f"; sed 's/^/- /' team.txt; sed -n '/^${END}$/,$p' "$f"; } > "$f.tmp"
mv "$f.tmp" "$f"
`;
export const manifest = { 'docs/TEAM.md': 'shared', 'team.txt': 'shared', 'gen.sh': 'owned' };
export const region = {
  id: 'team',
  startMarker: START,
  endMarker: END,
  paths: ['docs/TEAM.md'],
  inputs: ['team.txt'],
  regenerate: { interpreter: 'sh', operand: 'gen.sh', args: [] },
};
