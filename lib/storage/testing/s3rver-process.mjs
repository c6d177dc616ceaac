// Runs s3rver in its own process for the storage tests: node s3rver-process.mjs <directory> <bucket>.
// Prints {"port":N} once listening; exits when its stdin closes, so it never outlives the test.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
