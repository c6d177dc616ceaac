import { lookup as dnsLookup } from 'node:dns';
import net, { type LookupFunction } from 'node:net';

const isLoopback = (address: string) =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address) || /^::ffff:7f[0-9a-f]{2}:/i.test(address);

/**
 * Makes any TCP connection to a non-loopback address fail before a packet leaves, so a regression
 * in the address checks fails the test instead of reaching 169.254.169.254 or a LAN host.
 * Returns the function that removes the guard.
 */
export function guardLoopbackOnly(): () => void {
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // Called as connect(options, cb), connect(port, host) or, internally, connect([options, cb]).
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const refuse = (why: string) => {
      process.nextTick(() => this.destroy(new Error(`loopback guard: ${why}`)));
      return this;
    };
    if (typeof first === 'number' || typeof first === 'string') {
      const host = typeof args[1] === 'string' ? args[1] : 'localhost';
      if (typeof first === 'number' && host !== 'localhost' && !isLoopback(host)) return refuse(`refused a connection to ${host}`);
    }
    const options = first as { host?: string; path?: string; lookup?: LookupFunction } | undefined;
    if (options && typeof options === 'object' && !options.path) {
      const host: string = options.host ?? 'localhost';
      if (net.isIP(host)) {
        if (!isLoopback(host)) return refuse(`refused a connection to ${host}`);
      } else {
        const lookup: LookupFunction = options.lookup ?? dnsLookup;
        options.lookup = ((hostname, lookupOptions, callback) =>
          lookup(hostname, lookupOptions, ((error: Error | null, address: unknown, family?: number) => {
            const answers = Array.isArray(address) ? address.map((a) => a.address as string) : [address as string];
            const outside = answers.find((a) => !isLoopback(a));
            if (!error && outside) return callback(new Error(`loopback guard: ${hostname} resolved to ${outside}`), '', 0);
            (callback as (...a: unknown[]) => void)(error, address, family);
          }) as never)) as LookupFunction;
      }
    }
    return original.apply(this, args as never);
  } as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}
