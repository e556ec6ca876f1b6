// Where pushes may go (server/modules/notifications/push-endpoint.ts, issue 37): which addresses
// are public, which endpoint forms are refused before any lookup, and the agent pushes go
// through, whose connections go only to the addresses its own lookup checked.
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPushEndpoint, isPublicAddress, PushEndpointRefused, pushAgent, pushEndpointUrl, systemNetwork } from '@server/modules/notifications/push-endpoint';
import { fakeLookup, startPushService, type FakeDns, type LocalPushService } from '../../fixtures/push-service';

describe('public addresses', () => {
  it.each([
    '8.8.8.8', '142.250.180.10', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.3.1', '223.255.255.255',
    '2a00:1450:4009:81f::200a', '2606:4700::1111', '2001:4860:4860::8888',
    // IPv4 inside IPv6: the IPv4 address decides.
    '::ffff:8.8.8.8', '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'this network'], ['0.1.2.3', 'this network'], ['10.0.0.1', 'private'], ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'], ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'], ['169.254.169.254', 'link-local (metadata)'],
    ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.0.0.170', 'IETF protocol assignments'], ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay'], ['192.168.1.1', 'private'], ['198.18.0.1', 'benchmarking'], ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'], ['224.0.0.251', 'multicast'], ['240.0.0.1', 'reserved'], ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'], ['::1', 'loopback'], ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local with a zone'], ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'], ['ff02::1', 'multicast'], ['100::1', 'discard'], ['2001::1', 'Teredo'], ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'], ['3fff::1', 'documentation'], ['2002:a00:1::1', '6to4 of 10.0.0.1'], ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'], ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'], ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['::127.0.0.1', 'IPv4-compatible'], ['push.example.com', 'not an address'], ['', 'empty'],
  ])('%s is not (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('endpoint forms', () => {
  it.each([
    ['http://push.example.com/send/1', 'http:'],
    ['https://127.0.0.1/send/1', '127.0.0.1 is not a host name'],
    ['https://0x7f000001/send/1', '127.0.0.1 is not a host name'],
    ['https://2130706433/send/1', '127.0.0.1 is not a host name'],
    ['https://0177.0.0.1/send/1', '127.0.0.1 is not a host name'],
    ['https://127.1/send/1', '127.0.0.1 is not a host name'],
    ['https://[::1]/send/1', '[::1] is not a host name'],
    ['https://[::ffff:169.254.169.254]/send/1', 'is not a host name'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a host name'],
    ['https://localhost/send/1', 'localhost is not a host name'],
    ['https://LOCALHOST./send/1', 'localhost. is not a host name'],
    ['https://push.localhost/send/1', 'loopback name'],
    ['https://intranet/send/1', 'intranet is not a host name'],
    ['https://push.example.com./send/1', 'is not a host name'],
    ['https://push.example.com:8443/send/1', 'port 8443'],
    ['https://user:secret@push.example.com/send/1', 'credentials'],
    ['https://127.0.0.1!.push.example.com/send/1', 'is not a host name'],
    [`https://push.example.com/${'a'.repeat(2048)}`, 'too long'],
    ['not a url', 'not a URL'],
  ])('%s is refused (%s)', (endpoint, reason) => {
    expect(() => pushEndpointUrl(endpoint, systemNetwork)).toThrow(PushEndpointRefused);
    expect(() => pushEndpointUrl(endpoint, systemNetwork)).toThrow(reason);
  });

  it('takes a push service URL as the URL standard writes it', () => {
    expect(pushEndpointUrl('https://FCM.googleapis.com:443/fcm/send/a1:B2', systemNetwork).href).toBe('https://fcm.googleapis.com/fcm/send/a1:B2');
    expect(pushEndpointUrl('https://bücher.example/w/?token=AA%3d%3d', systemNetwork).href).toBe('https://xn--bcher-kva.example/w/?token=AA%3d%3d');
    // A backslash is a slash in an https URL: the host is push.example.com, for web-push's parser too.
    expect(pushEndpointUrl('https://push.example.com\\@127.0.0.1/send/1', systemNetwork).href).toBe('https://push.example.com/@127.0.0.1/send/1');
  });
});

describe('resolving the host', () => {
  const dns: FakeDns = {
    'fcm.googleapis.com': ['142.250.180.10', '2a00:1450:4009:81f::200a'],
    'metadata.example.com': ['169.254.169.254'],
    'split.example.com': ['142.250.180.10', '10.0.0.7'],
    'six.example.com': ['fd00::7'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
  };
  const network = { lookup: fakeLookup(dns) };

  it('takes a host whose every address is public', async () => {
    expect((await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/1', network)).hostname).toBe('fcm.googleapis.com');
  });

  it.each([
    ['metadata.example.com', 'resolves to 169.254.169.254'],
    ['split.example.com', 'resolves to 10.0.0.7'],
    ['six.example.com', 'resolves to fd00::7'],
    ['mapped.example.com', 'resolves to ::ffff:127.0.0.1'],
    ['nowhere.example.com', 'does not resolve'],
  ])('refuses %s (%s)', async (host, reason) => {
    await expect(checkPushEndpoint(`https://${host}/send/1`, network)).rejects.toThrow(reason);
  });
});

describe('the push agent', () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  /** A POST through `agent` to a name whose address (in the fake DNS) is the local service's. */
  function post(agent: ReturnType<typeof pushAgent>): Promise<number> {
    const url = new URL(service.origin.replace('push.', 'moved.'));
    return new Promise((resolve, reject) => {
      const sent = request({ hostname: url.hostname, port: url.port, path: '/push/agent', method: 'POST', agent }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
      sent.end();
    });
  }

  it('connects to the address its own lookup checked', async () => {
    const dns = { 'moved.fitstream.test': ['127.0.0.1'] };
    // Allowed here (the tests' local service): the connection is the one this lookup answered,
    // as the system's DNS has never heard of the name.
    expect(await post(pushAgent(service.network(dns)))).toBe(201);
    expect(service.received.filter((push) => push.path === '/push/agent')).toHaveLength(1);
  });

  it('never connects when the answer is not public, whatever an earlier answer was', async () => {
    const dns = { 'moved.fitstream.test': ['93.184.215.14'] };
    const network = service.network(dns, { reachable: false });
    await checkPushEndpoint(`${service.origin.replace('push.', 'moved.')}/push/agent`, network);
    dns['moved.fitstream.test'] = ['127.0.0.1'];
    const before = service.received.length;
    await expect(post(pushAgent(network))).rejects.toThrow(PushEndpointRefused);
    expect(service.received).toHaveLength(before);
  });
});
