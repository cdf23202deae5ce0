// The command's entry: run from the sources by bin/solarops-agent.mjs (through tsx), or bundled as
// dist/solarops-agent.mjs by build.mjs (the installed service).
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
