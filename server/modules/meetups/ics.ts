import ical, { ICalEventStatus } from 'ical-generator';
import { formatMeetupRange, type Meetup } from '../../../contract/meetups';

const STATUS: Record<Meetup['status'], ICalEventStatus> = {
  PROPOSED: ICalEventStatus.TENTATIVE,
  CONFIRMED: ICalEventStatus.CONFIRMED,
  DONE: ICalEventStatus.CONFIRMED,
  DECLINED: ICalEventStatus.CANCELLED,
  CANCELLED: ICalEventStatus.CANCELLED,
};

/**
 * One RFC 5545 VEVENT (contract section 14). ical-generator writes CRLF lines folded at 75
 * octets and escapes text; times are UTC (`…Z`), so no VTIMEZONE is needed. The UID is stable per
 * meetup and host, and SEQUENCE is the row's counter, bumped on every state change, so a calendar
 * that imported the file replaces the event instead of adding a second one.
 */
export function meetupIcs(meetup: Meetup, sequence: number, updatedMs: number, host: string): string {
  const calendar = ical({ prodId: { company: 'LunchChat', product: 'meetups', language: 'KO' } });
  calendar.createEvent({
    id: `meetup-${meetup.meetupId}@${host}`,
    sequence,
    stamp: new Date(updatedMs),
    start: new Date(meetup.startsAt),
    end: new Date(meetup.endsAt),
    summary: `런치챗: ${meetup.partner.memberName}님과 점심 약속`,
    location: meetup.place,
    description: `${formatMeetupRange(meetup.startsAt, meetup.endsAt)} · ${meetup.place}`,
    status: STATUS[meetup.status],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString()}\r\n`;
}
