// A JSON answer already serialised and kept in memory (the plans, decision 018; an account's
// answers, decision 045): sent as it is. When it is at hand the handler answers synchronously,
// with no promise and no turn of the event loop (decision 080); otherwise when it has loaded.
import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends `body` as JSON; a route handler returns what this returns. */
export function sendSerialised(reply: FastifyReply, body: Buffer | Promise<Buffer>): Promise<FastifyReply> | undefined {
  if (Buffer.isBuffer(body)) {
    reply.type(JSON_TYPE).send(body);
    return undefined;
  }
  return body.then((loaded) => reply.type(JSON_TYPE).send(loaded));
}
