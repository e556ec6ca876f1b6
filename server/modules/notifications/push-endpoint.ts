// Where pushes may go (docs/decisions/037, issue 37): a subscription's endpoint is an https URL
// of a public host name on port 443, and the server connects only to public addresses. The rules
// run when a browser subscribes and again when a push is sent, that time inside the connection's
// own DNS lookup, so an answer that changed since (DNS rebinding) cannot point the server at
// loopback, the private network or a cloud metadata service.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The longest endpoint kept (the contract's maxLength). */
const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** How the server reaches push services. */
export interface PushNetwork {
  /** Every address of a host name. */
  lookup(hostname: string): Promise<LookupAddress[]>;
  /**
   * Tests only, never set in production: their local push service, on `port` rather than 443,
   * at `address` (loopback) when given, trusted through its self-signed certificate `ca`.
   */
  localService?: { address?: string; port: number; ca: string };
}

export const systemNetwork: PushNetwork = { lookup: (hostname) => dnsLookup(hostname, { all: true }) };

/** An endpoint the rules refuse; the message (for the log) says why. */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
}

// IANA's IPv4 special-purpose ranges that are not globally reachable, multicast, and 240/4
// (reserved, with the broadcast address).
const reservedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) reservedV4.addSubnet(network, prefix, 'ipv4');

// IPv6: only global unicast (2000::/3) is public, which leaves out loopback, unspecified,
// unique-local, link-local, multicast, discard and the NAT64 local-use prefix. Within it: the
// IETF protocol assignments (Teredo, benchmarking, ORCHID), 6to4 (which wraps any IPv4 address)
// and the documentation prefixes.
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const reservedV6 = new BlockList();
for (const [network, prefix] of [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]] as const) reservedV6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit words of an IPv6 address (WHATWG URL writes it in its shortest hex form). */
function ipv6Words(address: string): number[] {
  const [head = '', tail] = new URL(`http://[${address}]`).hostname.slice(1, -1).split('::');
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => Number.parseInt(word, 16)) : []);
  const left = words(head);
  const right = words(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Whether an IP address is public: not loopback, private, link-local, shared, multicast or otherwise reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !reservedV4.check(address, 'ipv4');
  // A zone index (fe80::1%eth0) only exists on link-local addresses.
  if (family !== 6 || address.includes('%')) return false;
  const words = ipv6Words(address);
  // IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96, which DNS64 answers for IPv4-only hosts)
  // reach the IPv4 address in their last 32 bits: that address decides.
  const mapped = words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (mapped || nat64) {
    const [high = 0, low = 0] = words.slice(6);
    return isPublicAddress([high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'));
  }
  return globalV6.check(address, 'ipv6') && !reservedV6.check(address, 'ipv6');
}

/**
 * A host name as DNS has it: dotted labels of letters, digits, `-` and `_`, ending in a label
 * that starts with a letter (a top-level domain). Leaves out IP literals (the URL parser has
 * already turned `0x7f000001` or `127.1` into dotted IPv4, and IPv6 keeps its brackets), names
 * without a dot, a trailing dot, and anything another URL parser (web-push uses Node's legacy
 * `url.parse`) could read as a different host.
 */
const HOST_NAME = /^(?:[a-z0-9_-]+\.)+[a-z][a-z0-9-]*$/;

/** The endpoint as a URL, if its form is allowed (nothing is resolved). */
export function pushEndpointUrl(endpoint: string, network: PushNetwork): URL {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) throw new PushEndpointRefused('the endpoint is too long');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('the endpoint is not a URL');
  }
  if (url.protocol !== 'https:') throw new PushEndpointRefused(`${url.protocol} is not https:`);
  if (url.username || url.password) throw new PushEndpointRefused('the endpoint carries credentials');
  // Every browser's push service listens on 443; any other port would let an endpoint knock on
  // other services of a public host.
  if (url.port !== '' && Number(url.port) !== network.localService?.port) throw new PushEndpointRefused(`port ${url.port} is not 443`);
  if (!HOST_NAME.test(url.hostname)) throw new PushEndpointRefused(`${url.hostname} is not a host name`);
  if (url.hostname.endsWith('.localhost')) throw new PushEndpointRefused(`${url.hostname} is a loopback name`);
  return url;
}

/** Every address of the host, if each one is allowed (a connection may take any of them). */
async function allowedAddresses(hostname: string, network: PushNetwork): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await network.lookup(hostname);
  } catch (error) {
    throw new PushEndpointRefused(`${hostname} does not resolve`, { cause: error });
  }
  if (addresses.length === 0) throw new PushEndpointRefused(`${hostname} has no address`);
  const refused = addresses.find(({ address }) => !isPublicAddress(address) && address !== network.localService?.address);
  if (refused) throw new PushEndpointRefused(`${hostname} resolves to ${refused.address}, which is not public`);
  return addresses;
}

/** The endpoint as a URL if its form is allowed and its host resolves only to public addresses. */
export async function checkPushEndpoint(endpoint: string, network: PushNetwork): Promise<URL> {
  const url = pushEndpointUrl(endpoint, network);
  await allowedAddresses(url.hostname, network);
  return url;
}

/**
 * The HTTPS agent pushes go through: its connections look host names up through `network` and
 * refuse any answer with a reserved address, so what is checked is the very answer the socket
 * connects to. (IP literals never get here: `pushEndpointUrl` refuses them.)
 */
export function pushAgent(network: PushNetwork): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    allowedAddresses(hostname, network).then(
      (addresses) => {
        const fitting = options.family ? addresses.filter(({ family }) => family === options.family) : addresses;
        const [first] = fitting;
        if (!first) callback(new PushEndpointRefused(`${hostname} has no IPv${options.family} address`), '');
        else if (options.all) callback(null, fitting);
        else callback(null, first.address, first.family);
      },
      (error: PushEndpointRefused) => callback(error, ''),
    );
  };
  return new Agent({ lookup, ...(network.localService ? { ca: network.localService.ca } : {}) });
}
