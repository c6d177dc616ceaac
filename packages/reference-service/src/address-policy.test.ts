import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './address-policy';

describe('isBlockedAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ])('blocks IPv4 %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each([
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    'ff05::1:3',
    '2001:db8::1',
    '100::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('blocks IPv6 %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each([
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::ffff:0.0.0.0',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::a00:1',
    '64:ff9b::a00:1',
    '64:ff9b::192.168.1.1',
    '2002:7f00:1::1',
    '2002:c0a8:101::',
  ])('blocks IPv6 forms carrying a private IPv4: %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['not-an-ip', '', '1.2.3', '256.1.1.1', 'example.com'])('blocks what is not an address: %j', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows public %s', (address) => expect(isBlockedAddress(address)).toBe(false));
});
