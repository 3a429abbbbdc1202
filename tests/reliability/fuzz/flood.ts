import WebSocket from 'ws';

// A flooding client in its own process (run with tsx), so the flood costs the server, not the event
// loop of the test that measures another client's round trip. Usage: flood.ts <ws url> <token>.
// Opens four sockets, each sending one kind of frame as fast as it can until the server closes it,
// then prints the close codes as JSON.

const [url, token] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: flood.ts <ws url> <token>');
const frames = [
  { frame: 'garbage', count: 5000 },
  { frame: JSON.stringify({ type: 'ping' }), count: 5000 },
  { frame: JSON.stringify({ type: 'subscribe', channels: ['USER_UPDATE'], token }), count: 5000 },
  { frame: 'x'.repeat(60_000), count: 300 },
];

const codes = await Promise.all(
  frames.map(
    ({ frame, count }) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.on('error', reject);
        socket.on('close', (code) => resolve(code));
        socket.on('open', () => {
          for (let i = 0; i < count && socket.readyState === WebSocket.OPEN; i++) socket.send(frame);
        });
      }),
  ),
);
process.stdout.write(`${JSON.stringify(codes)}\n`);
