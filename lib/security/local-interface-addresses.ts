import { hostname, networkInterfaces } from "node:os";

/**
 * This machine's own addresses and name. When the server listens on every interface, people
 * open it by one of these, and none of them can be a rebinding attacker's name: rebinding needs
 * a domain the attacker controls, which arrives as that domain in `Host`.
 */
export function localInterfaceAddresses(): string[] {
  const addresses = [hostname()];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) addresses.push(entry.address);
  }
  return addresses;
}
