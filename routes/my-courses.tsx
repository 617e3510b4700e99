import CourseLists from "../islands/CourseLists.tsx";
import type { ListIds } from "../src/client/lists-store.ts";
import { plural } from "../src/lib/text.ts";
import type { CourseView } from "../src/lib/views.ts";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { listCourses, listIds } from "../src/services/course-lists.ts";

export const access = "user";

type Data = { completed: CourseView[]; future: CourseView[]; lists: ListIds; error: null } | { error: string };

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const userId = c.var.user!.id;
  try {
    const [completed, future, lists] = await Promise.all([listCourses(db, userId, "completed"), listCourses(db, userId, "future"), listIds(db, userId)]);
    return { completed, future, lists, error: null };
  } catch (error) {
    console.error("[my-courses]", error);
    return { error: "Failed to fetch your courses, try re-logging in or at a different time" };
  }
}

export function meta(data: Data): PageMeta {
  return { title: "My Courses", noindex: true, status: data.error ? 500 : undefined };
}

export default function MyCourses({ data }: PageProps<Data>) {
  if (data.error !== null) {
    return (
      <div className="page personal-page">
        <h1>My Courses</h1>
        <p className="alert alert-error" role="alert">{data.error}</p>
      </div>
    );
  }
  // A course can be both completed and planned (a retake, say): it counts once.
  const total = new Set([...data.completed, ...data.future].map((course) => course.id)).size;
  return (
    <div className="page page-wide personal-page">
      <h1>My Courses</h1>
      {total === 0
        ? (
          <div className="card empty-state">
            <p className="empty-title">No courses enrolled yet</p>
            <p className="muted">Find the courses you have taken or plan to take, and mark them as done or add them as future courses.</p>
            <a className="button" href="/search">Browse Courses</a>
          </div>
        )
        : (
          <CourseLists
            summary={`You have ${plural(total, "course")}`}
            label="your courses"
            lists={data.lists}
            sections={[
              { id: "future-courses", title: "Your Current/Future Courses:", courses: data.future },
              { id: "completed-courses", title: "Completed Courses:", courses: data.completed },
            ]}
          />
        )}
    </div>
  );
}
