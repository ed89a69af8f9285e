//pass
//--blockDim=128 --gridDim=16
// expect: drf — stage is an enum with the values 1, 4 and 9 only, so `stage == 2` (a stale check for a removed stage) never holds and its shared write s[0] from every thread never runs; the barrier under `stage == LOAD` is uniform (a parameter).
// An enum whose enumerators are not contiguous; an old stage number left in a test.
enum Stage { LOAD = 1, SCALE = 4, STORE = 9 };
#define N 128

__global__ void runStage(float *data, Stage stage, float k)
{
    __shared__ float s[N];
    int i = blockIdx.x * N + threadIdx.x;
    s[threadIdx.x] = data[i];
    if (stage == 2)
        s[0] = 0.0f;
    if (stage == LOAD) {
        __syncthreads();
        data[i] = s[N - 1 - threadIdx.x];
    } else if (stage == SCALE) {
        data[i] = k * s[threadIdx.x];
    }
}
