//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — the test `stage == 4` is SCALE, a real value, and then every thread writes s[0] in the same barrier interval (write-write race on s[0]).
// Like enum_sparse_stage.cu, but the stray test names a real stage.
enum Stage { LOAD = 1, SCALE = 4, STORE = 9 };
#define N 128

__global__ void runStageRacy(float *data, Stage stage, float k)
{
    __shared__ float s[N];
    int i = blockIdx.x * N + threadIdx.x;
    s[threadIdx.x] = data[i];
    if (stage == 4)
        s[0] = 0.0f;
    if (stage == LOAD) {
        __syncthreads();
        data[i] = s[N - 1 - threadIdx.x];
    } else if (stage == SCALE) {
        data[i] = k * s[threadIdx.x];
    }
}
