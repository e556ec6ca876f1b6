// Each request's logger (`request.log`, Fastify's `childLoggerFactory`): pino's child logger
// with the request id, made when the request first writes a line at a level the logger keeps.
// Fastify made that child for every request, a new object and the id serialised, though most
// requests write nothing (a successful read is logged at `debug`, decision 043): a profile of
// the signed-in calls put it at about 1–2 µs of every request (decision 080).
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** pino's child logger, made on first use. */
  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options) as FastifyBaseLogger;
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    // Below the parent's level (and with no level of its own) nothing is written: no child needed.
    if (this.#child === undefined && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.logger[level] as (...line: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory` for a pino logger. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger as Logger, bindings, options);
}
