import CompareTray from "../islands/CompareTray.tsx";
import ListedCourses from "../islands/ListedCourses.tsx";
import PasteCompleted from "../islands/PasteCompleted.tsx";
import type { ListIds } from "../src/lib/course-list-names.ts";
import { plural } from "../src/lib/text.ts";
import type { CourseView } from "../src/lib/api-types.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { listCourses, listIds } from "../src/services/courses/course-lists.ts";
import { withSoonestOfferings } from "../src/services/courses/course-queries.ts";
import type { ListedCourse } from "../islands/ListedCourses.tsx";

export const access = "user";
export const loadFailure: LoadFailure = {
  heading: "My Courses",
  message: "Failed to fetch your courses, try re-logging in or at a different time",
};

type Data = { completed: CourseView[]; future: ListedCourse[]; lists: ListIds };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const userId = c.var.user.id;
  const [completed, future, lists] = await Promise.all([
    listCourses(db, userId, "completed"),
    listCourses(db, userId, "future"),
    listIds(db, userId),
  ]);
  // A planned course names the term it is offered in, with "Add to {term} schedule".
  return { completed, future: await withSoonestOfferings(db, future), lists };
}

export const meta: PageMeta = { title: "My Courses", noindex: true };

export default function MyCourses({ data }: PageProps<Data>) {
  // A course can be both completed and planned (a retake, say): it counts once.
  const total = new Set([...data.completed, ...data.future].map((course) => course.id)).size;
  return (
    <div className="page page-wide personal-page">
      <h1>My Courses</h1>
      {total === 0
        ? (
          <div className="card empty-state">
            <p className="empty-title">No courses enrolled yet</p>
            <p className="muted">
              Find the courses you have taken or plan to take, and mark them as done or add them as future courses.
            </p>
            <a className="button" href="/search">Browse Courses</a>
          </div>
        )
        : (
          <ListedCourses
            summary={`You have ${plural(total, "course")}`}
            label="your courses"
            lists={data.lists}
            sections={[
              { id: "future-courses", title: "Your Current/Future Courses:", courses: data.future },
              { id: "completed-courses", title: "Completed Courses:", courses: data.completed },
            ]}
          />
        )}
      <PasteCompleted />
      <CompareTray />
    </div>
  );
}
