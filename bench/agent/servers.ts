// The devices of the agent bench, in a process of their own so that their CPU and memory are not the agent's:
// 10 Modbus TCP servers (links), each serving the recorded SMA image at 10 unit ids. Prints the ports, one line.
import { ImageServer, loadImage, registerMap } from '../../apps/agent/test/imageServer.ts';

const links = Number(process.argv[2] ?? 10);
const perLink = Number(process.argv[3] ?? 10);
const registers = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
const ports: number[] = [];
for (let l = 0; l < links; l++) {
  const server = new ImageServer(Array.from({ length: perLink }, (_, i) => ({ unitId: i + 1, registers })));
  ports.push(await server.start());
}
console.log(JSON.stringify(ports));
