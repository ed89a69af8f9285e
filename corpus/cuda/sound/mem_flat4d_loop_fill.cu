//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — W: thread t reads W[1][0][0][t % 8] (flat 64 + t % 8) while thread t % 8 writes it through w[t % 8 + 64], with no barrier.
// Zero a 2x2x4x8 weight block through a flat pointer, then read a row.
__global__ void zeroWeights(float *out)
{
    __shared__ float W[2][2][4][8];
    int t = threadIdx.x;
    float *w = &W[0][0][0][0];
    for (int i = t; i < 128; i += 64)
        w[i] = 0.0f;
    out[t] = W[1][0][0][t % 8]; // BUG: written by thread t % 8, no barrier
}
