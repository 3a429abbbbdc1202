import { BlockList, isIP } from 'node:net';

// Which addresses may deliver payment notifications: CIDR ranges, IPv4 and IPv6.

export interface AddressList {
  allows(address: string | undefined): boolean;
}

export function parseAddressList(ranges: readonly string[]): AddressList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.trim().split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`not an address range: ${range}`);
    list.addSubnet(address, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  return {
    allows(raw) {
      if (!raw) return false;
      // A v4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
      const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
      const type = isIP(address);
      return type !== 0 && list.check(address, type === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

export const LOOPBACK_ADDRESSES = ['127.0.0.0/8', '::1/128'];
