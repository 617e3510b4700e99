import MyReviewList from "../islands/MyReviewList.tsx";
import type { MyReviewView } from "../src/lib/api-types.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { myReviews } from "../src/services/reviews/course-reviews.ts";

export const access = "user";
export const loadFailure: LoadFailure = {
  heading: "My Reviews",
  message: "Error fetching your reviews, please try again later",
};

type Data = { reviews: MyReviewView[] };

export async function load(c: SignedInContext): Promise<Data> {
  return { reviews: await myReviews(c.var.deps.database.db, c.var.user.id) };
}

export const meta: PageMeta = { title: "My Reviews", noindex: true };

export default function MyReviewsPage({ data }: PageProps<Data>) {
  return (
    <div className="page personal-page">
      <h1>My Reviews</h1>
      <MyReviewList reviews={data.reviews} />
    </div>
  );
}
