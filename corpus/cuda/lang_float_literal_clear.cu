//pass
//--blockDim=64 --gridDim=32
// expect: drf — the surplus threads of the last block clamp onto score[n - 1], but every thread stores the same 0.0f there: a benign write (DESIGN.md, Writes).
// Clearing a score per point with a clamped index, as matchers do before
// a search: the value stored is a floating literal.
__global__ void clearScores(float *score, float *weight, int n)
{
    int p = min(blockIdx.x * 64 + threadIdx.x, n - 1);
    score[p] = 0.0f;
    weight[p] = 1.0f;
}
