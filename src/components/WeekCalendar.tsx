/**
 * A student's week of classes, as the schedule page and a shared plan show it: the sections that will not meet and the
 * time conflicts in words, a grid of the days and hours with each meeting as a block (drawn for sighted readers only),
 * the same meetings as a list per day (the phone's view, and the screen reader's on any screen), and the sections that
 * have no meeting time. A section cancelled or gone from the schedule since it was chosen keeps its place, struck
 * through and marked, and overlaps nothing.
 */
import type { CSSProperties, JSX } from "react";
import { timeRange } from "../lib/class-times.ts";
import {
  type Conflict,
  conflictSentence,
  conflictsOf,
  dayLayout,
  weekDays,
  type WeekMeeting,
  weekSpan,
} from "../lib/schedule-week.ts";
import { NOT_MEETING } from "../lib/schedule-meetings.ts";
import { plural } from "../lib/text.ts";

/** Course colours, week-c0 to week-c5 in static/css/week.css. */
const COLOURS = 6;
const SHORT_DAYS: Record<string, string> = { M: "Mon", T: "Tue", W: "Wed", R: "Thu", F: "Fri", S: "Sat", U: "Sun" };
const DAY_NAMES: Record<string, string> = {
  M: "Monday",
  T: "Tuesday",
  W: "Wednesday",
  R: "Thursday",
  F: "Friday",
  S: "Saturday",
  U: "Sunday",
};

type Untimed = { key: string; label: string; text: string; cancelled?: WeekMeeting["cancelled"] };

/** "CAS CS 111 A1 is cancelled." */
const NOT_MEETING_SENTENCE = { cancelled: "is cancelled", gone: "is no longer in the schedule" } as const;

let andLists: Intl.ListFormat | undefined;
/** "CAS MA 123 B2 and CAS WR 120 C1". */
function allOf(names: string[]): string {
  andLists ??= new Intl.ListFormat("en", { type: "conjunction" });
  return andLists.format(names);
}

/** "8 AM", "12 PM", for the hour starting at `minute`. */
function hourLabel(minute: number): string {
  const hour = Math.floor(minute / 60) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** A share as a CSS percentage, "21.667%". */
function percent(share: number): string {
  return `${Number((share * 100).toFixed(3))}%`;
}

/** Each course's colour class by the order its first meeting comes in. */
function courseColours(meetings: readonly WeekMeeting[]): Map<number, string> {
  const colours = new Map<number, string>();
  for (const meeting of meetings) {
    if (!colours.has(meeting.courseId)) colours.set(meeting.courseId, `week-c${colours.size % COLOURS}`);
  }
  return colours;
}

/** Per day, each conflicting meeting's key with the labels of the sections it overlaps. */
function overlapsByDay(conflicts: Conflict[]): Map<string, Map<string, string[]>> {
  const days = new Map<string, Map<string, string[]>>();
  const add = (day: string, meeting: WeekMeeting, other: WeekMeeting) => {
    let keys = days.get(day);
    if (!keys) days.set(day, keys = new Map());
    const labels = keys.get(meeting.key) ?? [];
    if (!labels.includes(other.label)) labels.push(other.label);
    keys.set(meeting.key, labels);
  };
  for (const conflict of conflicts) {
    add(conflict.day, conflict.a, conflict.b);
    add(conflict.day, conflict.b, conflict.a);
  }
  return days;
}

/** The sections that will not meet, each once: said before anything else about the week. */
function NotMeeting({ sections }: { sections: { label: string; cancelled: "cancelled" | "gone" }[] }) {
  if (sections.length === 0) return null;
  return (
    <ul className="week-alert week-cancelled" aria-label="Sections that will not meet">
      {sections.map(({ label, cancelled }) => <li key={label}>{`${label} ${NOT_MEETING_SENTENCE[cancelled]}.`}</li>)}
    </ul>
  );
}

function Conflicts({ conflicts }: { conflicts: Conflict[] }) {
  if (conflicts.length === 0) return <p className="week-ok">No time conflicts.</p>;
  return (
    <div className="week-alert">
      <p className="week-conflict-count">{plural(conflicts.length, "time conflict")}</p>
      <ul className="week-conflicts" aria-label="Time conflicts">
        {conflicts.map((conflict) => (
          <li key={`${conflict.day}-${conflict.a.key}-${conflict.b.key}`}>{conflictSentence(conflict)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The days as columns and the span's hours as rows, each meeting a block placed by its times and lane. */
function Grid(
  { meetings, overlaps, colours }: {
    meetings: readonly WeekMeeting[];
    overlaps: Map<string, Map<string, string[]>>;
    colours: Map<number, string>;
  },
) {
  const days = weekDays(meetings);
  const [from, to] = weekSpan(meetings);
  const length = to - from;
  const hours: number[] = [];
  for (let minute = from; minute < to; minute += 60) hours.push(minute);
  const style = { "--week-days": days.length, "--week-hours": hours.length } as CSSProperties;
  return (
    <div className="week-grid" aria-hidden="true" style={style}>
      <div className="week-corner" />
      {days.map((day) => <div key={day} className="week-day-head">{SHORT_DAYS[day]}</div>)}
      <div className="week-times">
        {hours.map((minute) => <div key={minute} className="week-hour">{hourLabel(minute)}</div>)}
      </div>
      {days.map((day) => (
        <div key={day} className="week-col" data-day={day}>
          {dayLayout(meetings, day).map(({ meeting, lane, lanes }) => {
            const conflicting = overlaps.get(day)?.has(meeting.key) ?? false;
            const classes = ["week-block", colours.get(meeting.courseId)];
            if (meeting.exam) classes.push("week-block-exam");
            if (meeting.cancelled) classes.push("week-block-cancelled");
            if (conflicting) classes.push("week-block-conflict");
            if (lanes > 1) classes.push("week-block-narrow");
            return (
              <div
                key={meeting.key}
                className={classes.join(" ")}
                data-key={meeting.key}
                style={{
                  top: percent((meeting.startMinute - from) / length),
                  height: percent((meeting.endMinute - meeting.startMinute) / length),
                  left: percent(lane / lanes),
                  width: percent(1 / lanes),
                }}
              >
                <div className="week-block-body">
                  <span className="week-block-label">
                    {conflicting && <span className="week-block-warn">⚠</span>}
                    {/* Side by side, a block is narrow: "CS 235 A1" without the college (the lists say it all). */}
                    {lanes > 1 ? meeting.label.replace(/^[A-Z]{2,4} (?=\S+ \S+ \S+$)/, "") : meeting.label}
                  </span>
                  {/* A cancelled meeting says so where its room would be: it has none to go to. */}
                  {meeting.cancelled && <span className="week-block-mark">{NOT_MEETING[meeting.cancelled]}</span>}
                  <span className="week-block-time">{timeRange(meeting.startMinute, meeting.endMinute)}</span>
                  {meeting.exam && <span className="week-block-note">exam slot</span>}
                  {meeting.room && !meeting.cancelled && <span className="week-block-room">{meeting.room}</span>}
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The meetings day by day in words: "10:10–11:00 AM · CAS CS 111 A1 · CAS 211", and whom each overlaps. */
function DayList(
  { meetings, overlaps }: { meetings: readonly WeekMeeting[]; overlaps: Map<string, Map<string, string[]>> },
) {
  return (
    <div className="week-days">
      {weekDays(meetings).map((day) => {
        const placed = dayLayout(meetings, day);
        if (placed.length === 0) return null;
        return (
          <div key={day} className="week-day">
            <h3>{DAY_NAMES[day]}</h3>
            <ul>
              {placed.map(({ meeting }) => {
                const others = overlaps.get(day)?.get(meeting.key);
                const text = [
                  timeRange(meeting.startMinute, meeting.endMinute),
                  meeting.exam ? `${meeting.label} (exam slot)` : meeting.label,
                  meeting.room,
                ].filter(Boolean).join(" · ");
                const classes = ["week-item"];
                if (others) classes.push("week-item-conflict");
                if (meeting.cancelled) classes.push("week-item-cancelled");
                return (
                  <li key={meeting.key} className={classes.join(" ")}>
                    {meeting.cancelled ? <s>{text}</s> : text}
                    {meeting.cancelled && (
                      <strong className="week-item-mark">{` · ${NOT_MEETING[meeting.cancelled]}`}</strong>
                    )}
                    {others && <strong className="week-item-warning">{` · Conflicts with ${allOf(others)}`}</strong>}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A student's week: the time conflicts in words, the grid of days and hours (hidden on phones and from screen
 * readers), the meetings day by day (visible on phones, for screen readers elsewhere) and the sections with no meeting
 * time. Only the heading and a hint when there is nothing to show.
 */
export function WeekCalendar(props: {
  meetings: readonly WeekMeeting[];
  /** Sections with no meeting time, listed apart: label and a short text, e.g. { label: "CAS CS 999 A1", text: "No meeting time" } */
  untimed?: readonly Untimed[];
  /** Accessible name of the week, e.g. "Plan A, Fall 2026". */
  title: string;
}): JSX.Element {
  const { meetings, untimed = [], title } = props;
  const notMeeting = new Map<string, "cancelled" | "gone">();
  for (const item of [...meetings, ...untimed]) if (item.cancelled) notMeeting.set(item.label, item.cancelled);
  const conflicts = conflictsOf(meetings);
  const overlaps = overlapsByDay(conflicts);
  const colours = courseColours(meetings);
  return (
    <section className="week" aria-labelledby="week-heading">
      <h2 id="week-heading">
        Your week<span className="visually-hidden">{`, ${title}`}</span>
      </h2>
      {meetings.length === 0 && untimed.length === 0 && <p className="empty">Add a course to see your week.</p>}
      <NotMeeting sections={[...notMeeting].map(([label, cancelled]) => ({ label, cancelled }))} />
      {meetings.length > 0 && (
        <>
          <Conflicts conflicts={conflicts} />
          <Grid meetings={meetings} overlaps={overlaps} colours={colours} />
          <DayList meetings={meetings} overlaps={overlaps} />
        </>
      )}
      {untimed.length > 0 && (
        <div className="week-untimed">
          <h3>Not on the week</h3>
          <ul>
            {untimed.map((item) => (
              <li key={item.key} className={item.cancelled ? "week-item-cancelled" : undefined}>
                {item.cancelled ? <s>{item.label}</s> : <strong>{item.label}</strong>}
                {item.cancelled ? <strong className="week-item-mark">{` · ${item.text}`}</strong> : ` · ${item.text}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
