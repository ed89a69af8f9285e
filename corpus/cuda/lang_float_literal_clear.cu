//pass
//--blockDim=64 --gridDim=32
// expect: drf — the surplus threads of the last block clamp onto score[n - 1], but every thread stores the same 0.0f there: a benign write (DESIGN.md, Writes).
// Clearing a score per point with a clamped index, as matchers do before
// a search: the value stored is a floating literal.
struct Point {
    float x, y;
};

__global__ void clearScores(float *score, Point *pts, int n)
{
    int p = min(blockIdx.x * 64 + threadIdx.x, n - 1);
    score[p] = 0.0f;
    pts[p].x = 1.0f;
}
