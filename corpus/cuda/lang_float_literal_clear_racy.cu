//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=32
// expect: racy — the surplus threads of the last block clamp onto score[n - 1] and store 0.5f or 0.0f there depending on their parity: two threads write different values to one cell.
// Clearing a score per point with a clamped index, as matchers do before
// a search: the value stored is a floating literal.
__global__ void clearScores(float *score, float *weight, int n)
{
    int p = min(blockIdx.x * 64 + threadIdx.x, n - 1);
    score[p] = (threadIdx.x & 1) ? 0.5f : 0.0f;
    weight[p] = 1.0f;
}
