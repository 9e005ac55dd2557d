/**
 * Every readable answer in the viewer's language (issue #21). The error handler translates its
 * answers itself (errors.ts); this hook does the same for the other answers that carry a `message`
 * (`{ message: 'Signed out' }`, the not-found handlers, refused video addresses).
 */
import type { Language } from '@cliffhanger/shared/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translateAnswer } from './translate';
import { type LanguageOptions, markLanguage, viewerLanguage } from './viewer-language';

const answered = new WeakSet<FastifyReply>();

/** The language of this reply's answer, marked on the reply; the hook then leaves the answer alone. */
export async function answerLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  options?: LanguageOptions,
): Promise<Language> {
  const language = await viewerLanguage(request, options);
  answered.add(reply);
  markLanguage(reply, language);
  return language;
}

function carriesMessage(payload: unknown): payload is Record<string, unknown> & { message: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}

export function registerAnswerLanguage(app: FastifyInstance) {
  // A callback hook, not an async one: most answers carry no message and pass without a promise.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (answered.has(reply) || !carriesMessage(payload)) {
      done(null, payload);
      return;
    }
    answerLanguage(request, reply).then(
      (language) => done(null, translateAnswer(payload, language)),
      (error: Error) => done(error),
    );
  });
}
