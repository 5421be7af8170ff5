/**
 * The services of Kermesse and their default ports (docs/platform.md): the one table the services,
 * the gateway and the launcher read.
 */
export const GATEWAY_DEFAULT_PORT = 8080;

export const SERVICE_DEFAULT_PORTS = {
  identity: 8101,
  register: 8102,
  raffle: 8103,
  bingo: 8104,
  accounting: 8105,
  stock: 8106,
  swapmeet: 8107,
  contact: 8108,
  webhooks: 8109,
} as const;

export type ServiceName = keyof typeof SERVICE_DEFAULT_PORTS;

export const SERVICE_NAMES = Object.keys(SERVICE_DEFAULT_PORTS) as ServiceName[];
