//pass
//--blockDim=64 --gridDim=1
// expect: drf — W: W[1][t / 32][(t / 8) % 4][t % 8] is flat cell 64 + t, written by thread t itself.
// Zero a 2x2x4x8 weight block through a flat pointer, then read a row.
__global__ void zeroWeights(float *out)
{
    __shared__ float W[2][2][4][8];
    int t = threadIdx.x;
    float *w = &W[0][0][0][0];
    for (int i = t; i < 128; i += 64)
        w[i] = 0.0f;
    out[t] = W[1][t / 32][(t / 8) % 4][t % 8]; // flat 64 + t, the thread's own
}
