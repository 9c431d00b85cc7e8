import { apiFetch, errorFromResponse } from '../../lib/http';

/**
 * Downloads GET /api/meetups/{id}/calendar.ics. The endpoint needs the bearer token, so a plain
 * link cannot fetch it: the file is fetched and handed to the browser as a download.
 */
export async function downloadMeetupIcs(meetupId: number): Promise<void> {
  const response = await apiFetch(`/api/meetups/${meetupId}/calendar.ics`, { headers: { Accept: 'text/calendar' } });
  if (!response.ok) throw await errorFromResponse(response);
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `lunchchat-meetup-${meetupId}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
