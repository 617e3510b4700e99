import { type FormEvent, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { Field } from "../src/components/Field.tsx";
import { fieldErrors, RATING_CAPTIONS, REVIEW_LIMITS, reviewSchema } from "../src/lib/schemas.ts";
import { textLength } from "../src/lib/text.ts";
import type { ReviewView } from "../src/lib/views.ts";

type Props = { courseId: number; courseCode: string; existing: ReviewView | null };

const RATINGS = [
  ["usefulnessRating", "Usefulness", "How useful was this course?"],
  ["difficultyRating", "Difficulty", "How difficult was it?"],
  ["workloadRating", "Workload", "How heavy was the workload?"],
  ["interestRating", "Interest", "How interesting was it?"],
  ["teacherRating", "Teacher", "How good was the teaching?"],
] as const;
type RatingKey = (typeof RATINGS)[number][0];

type Values = Record<RatingKey, number> & {
  teacherName: string;
  semester: string;
  hoursPerWeek: string;
  attendanceRequired: boolean;
  assignmentTypes: string;
  reviewText: string;
};

function initialValues(existing: ReviewView | null): Values {
  return {
    usefulnessRating: existing?.usefulnessRating ?? 3,
    difficultyRating: existing?.difficultyRating ?? 3,
    workloadRating: existing?.workloadRating ?? 3,
    interestRating: existing?.interestRating ?? 3,
    teacherRating: existing?.teacherRating ?? 3,
    teacherName: existing?.teacherName ?? "",
    semester: existing?.semester ?? "",
    hoursPerWeek: existing ? String(existing.hoursPerWeek) : "",
    attendanceRequired: existing?.attendanceRequired ?? false,
    assignmentTypes: existing?.assignmentTypes ?? "",
    reviewText: existing?.reviewText ?? "",
  };
}

const ORDER = ["teacherName", "semester", "hoursPerWeek", "assignmentTypes", "reviewText"];

/** Five 1-5 rating rows (radio groups: arrow keys move within a row), the review's details, and its text with a live counter. */
function ReviewForm({ courseId, courseCode, existing }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(existing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; existingId?: string } | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const editing = existing !== null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: "" }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = reviewSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = ORDER.find((name) => found[name]);
      if (first) document.getElementById(`review-${first}`)?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    const result = editing
      ? await apiFetch<ReviewView>(`/api/reviews/${existing.id}`, { method: "PUT", body: parsed.data })
      : await apiFetch<ReviewView>(`/api/reviews/course/${courseId}`, { method: "POST", body: parsed.data });
    if (result.ok) {
      location.assign(`/course/${courseId}?review=${editing ? "updated" : "submitted"}`);
      return;
    }
    inFlight.current = false;
    setSending(false);
    if (result.status === 401) {
      location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    if (result.fields) setErrors(result.fields);
    setFailure({
      message: result.message ?? "Failed to submit review. Please try again.",
      existingId: result.status === 409 ? result.fields?.reviewId : undefined,
    });
  }

  const length = textLength(values.reviewText);
  return (
    <form className="form review-form" onSubmit={submit} noValidate aria-label={`Review of ${courseCode}`}>
      {RATINGS.map(([key, label, question]) => (
        <fieldset key={key} className="rating-row">
          <legend>
            {label} <span className="muted">{question}</span>
          </legend>
          <div className="rating-options">
            {RATING_CAPTIONS.map((caption, i) => (
              <label key={caption} className="rating-option">
                <input type="radio" name={key} value={i + 1} checked={values[key] === i + 1} onChange={() => set(key, i + 1)} />
                <span className="rating-number">{i + 1}</span>
                <span className="rating-caption">{caption}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Field
        id="review-teacherName"
        label="Professor Name"
        name="teacherName"
        value={values.teacherName}
        onChange={(v) => set("teacherName", v)}
        error={errors.teacherName}
      />
      <Field
        id="review-semester"
        label="Semester Taken"
        name="semester"
        placeholder="e.g. Fall 2024"
        value={values.semester}
        onChange={(v) => set("semester", v)}
        error={errors.semester}
      />
      <Field
        id="review-hoursPerWeek"
        label="Hours per Week"
        name="hoursPerWeek"
        type="number"
        placeholder="0-40"
        value={values.hoursPerWeek}
        onChange={(v) => set("hoursPerWeek", v)}
        error={errors.hoursPerWeek}
      />
      <label className="check">
        <input type="checkbox" name="attendanceRequired" checked={values.attendanceRequired} onChange={(e) => set("attendanceRequired", e.target.checked)} />
        <span>Attendance Required</span>
      </label>
      <Field
        id="review-assignmentTypes"
        label="Assignment Types"
        name="assignmentTypes"
        placeholder="e.g. problem sets, essays, exams"
        value={values.assignmentTypes}
        onChange={(v) => set("assignmentTypes", v)}
        error={errors.assignmentTypes}
      />
      <Field
        id="review-reviewText"
        label="Your Review"
        name="reviewText"
        multiline
        rows={6}
        value={values.reviewText}
        onChange={(v) => set("reviewText", v)}
        error={errors.reviewText}
        hint={`Character limit: ${REVIEW_LIMITS.reviewText} (${length} used)`}
      />
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure.message}
          {failure.existingId && (
            <>
              {" "}
              <a href={`/course/${courseId}/review?edit=${failure.existingId}`}>Edit your review</a>
            </>
          )}
        </p>
      )}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {sending ? (editing ? "Updating..." : "Submitting...") : editing ? "Update Review" : "Submit Review"}
      </button>
    </form>
  );
}

export default island("ReviewForm", ReviewForm);
