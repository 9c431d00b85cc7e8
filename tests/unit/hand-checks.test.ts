import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../contract/auth';
import { chatMessageSchema, leftEventSchema, readEventSchema, roomEventSchema, typingEventSchema } from '../../contract/stomp';
import { readChatMessage, readLeftEvent, readReadEvent, readRoomEvent, readTypingEvent } from '../../src/features/chat/realtime/frames';
import { EMPTY_DRAFT, validateStep, type ProfileDraft } from '../../src/features/onboarding/model/profile-draft';
import { idParam, oneOf, positiveInt, text } from '../../src/lib/search-params';

// The browser checks by hand what the server checks with the contract's schemas (decision 0022):
// each hand check must accept what the schema accepts and refuse what it refuses.
const message = { id: { value: '12', timestamp: 1, date: '2026-11-24' }, roomId: 3, senderId: 7, content: '안녕', createdAt: '2026-11-24T12:00:00Z' };

describe('STOMP MESSAGE bodies (features/chat/realtime/frames.ts) agree with contract/stomp.ts', () => {
  const cases: [string, (body: unknown) => unknown, { safeParse(value: unknown): { success: boolean; data?: unknown } }, unknown][] = [
    ['a chat message', readChatMessage, chatMessageSchema, message],
    ['a chat message with its client id and unread count', readChatMessage, chatMessageSchema, { ...message, clientMessageId: 'c-1', unreadCount: 1 }],
    ['a chat message without an id', readChatMessage, chatMessageSchema, { ...message, id: undefined }],
    ['a chat message with a numeric content', readChatMessage, chatMessageSchema, { ...message, content: 5 }],
    ['a read event', readReadEvent, readEventSchema, { memberId: 7, lastReadMessageId: '123' }],
    ['a read event with a bad message id', readReadEvent, readEventSchema, { memberId: 7, lastReadMessageId: '0123' }],
    ['a typing event', readTypingEvent, typingEventSchema, { memberId: 7 }],
    ['a typing event without a member', readTypingEvent, typingEventSchema, {}],
    ['a room event', readRoomEvent, roomEventSchema, { roomId: 3, lastMessage: null, lastMessageSentAt: '12:30', unreadCount: 2, totalUnreadCount: 5 }],
    [
      'a room event with a negative count',
      readRoomEvent,
      roomEventSchema,
      { roomId: 3, lastMessage: 'hi', lastMessageSentAt: null, unreadCount: -1, totalUnreadCount: 5 },
    ],
    [
      'a room event with its instant (decision 0060)',
      readRoomEvent,
      roomEventSchema,
      { roomId: 3, lastMessage: 'hi', lastMessageSentAt: '12:30', lastMessageAt: '2026-12-07T12:30:00.000+09:00', unreadCount: 0, totalUnreadCount: 0 },
    ],
    [
      'a room event whose instant is not a string',
      readRoomEvent,
      roomEventSchema,
      { roomId: 3, lastMessage: 'hi', lastMessageSentAt: '12:30', lastMessageAt: 5, unreadCount: 0, totalUnreadCount: 0 },
    ],
    ['not an object', readRoomEvent, roomEventSchema, 'nope'],
    ['a left event (decision 0060)', readLeftEvent, leftEventSchema, { memberId: 42 }],
    ['a left event without a member', readLeftEvent, leftEventSchema, { memberId: '42' }],
  ];
  it.each(cases)('%s', (_name, read, schema, body) => {
    const parsed = schema.safeParse(body);
    expect(read(body)).toEqual(parsed.success ? parsed.data : null);
  });

  it('an unread count other than 1 reads as 0, as the schema catches it', () => {
    expect(readChatMessage({ ...message, unreadCount: 7 })?.unreadCount).toBe(0);
    expect(chatMessageSchema.parse({ ...message, unreadCount: 7 }).unreadCount).toBe(0);
  });
});

describe('the profile wizard steps give the sign-up schema’s messages', () => {
  const draft = (patch: Partial<ProfileDraft>): ProfileDraft => ({ ...EMPTY_DRAFT, ...patch });
  const schemaMessage = (field: keyof typeof signUpSchema.shape, value: unknown) => {
    const parsed = signUpSchema.shape[field].safeParse(value);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  };
  it.each([' ', '김', 'a'.repeat(20), 'a'.repeat(21)])('name %j', (name) => {
    expect(validateStep(0, draft({ name }))).toBe(schemaMessage('membername', name));
  });
  it.each(['', '23', ' 23 ', '2023', 'ab'])('student number %j', (studentNo) => {
    expect(validateStep(1, draft({ studentNo }))).toBe(schemaMessage('studentNo', studentNo));
  });
  it.each([[[]], [['STARTUP']], [['STARTUP', 'HOBBY_LEISURE', 'SCHOOL_LIFE', 'GPA_MANAGEMENT']]] as const)('interests %j', (interests) => {
    expect(validateStep(3, draft({ interests: [...interests] }))).toBe(schemaMessage('interests', interests));
  });
  it('timetable: none is refused, one slot passes', () => {
    const slot = { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' } as const;
    expect(validateStep(4, draft({ timeTables: [] }))).toBe(schemaMessage('timeTables', []));
    expect(validateStep(4, draft({ timeTables: [slot] }))).toBe(schemaMessage('timeTables', [slot]));
  });
});

describe('route search and params (lib/search-params.ts)', () => {
  it('keeps what a link may carry and drops the rest', () => {
    expect(positiveInt('12')).toBe(12);
    expect(positiveInt(12)).toBe(12);
    expect([positiveInt('0'), positiveInt('-3'), positiveInt('1.5'), positiveInt('abc'), positiveInt(2 ** 31)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(text('  공대 ', { min: 1, max: 50, trim: true })).toBe('공대');
    expect(text('   ', { min: 1, trim: true })).toBeUndefined();
    expect(oneOf('recent', ['recommend', 'recent'] as const)).toBe('recent');
    expect(oneOf('oldest', ['recommend', 'recent'] as const)).toBeUndefined();
  });
  it('a path id that is not a positive whole number fails the route', () => {
    expect(idParam('42')).toBe(42);
    expect(() => idParam('x')).toThrow();
  });
});
