//pass
//--blockDim=128 --gridDim=16
// expect: drf — the frame number, the pass count and the gain live in __constant__ memory, which device code cannot write, so every thread of the grid reads the same values: the branch and the loop around the barriers are taken alike.
// A smoothing step whose settings the host copies to __constant__
// memory (cudaMemcpyToSymbol) before each launch.
struct FrameParams {
    int frame;
    int width;
    float gain;
};

__constant__ FrameParams c_frame;
__constant__ int c_passes;
__constant__ float c_threshold;

__global__ void smoothFrame(const float *in, float *out)
{
    __shared__ float row[128];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    row[tid] = in[g];
    __syncthreads();
    if (c_frame.frame != 0) { /* the first frame is copied as it is */
        for (int p = 0; p < c_passes; p++) {
            float v = 0.5f * (row[tid] + row[(tid + 1) % blockDim.x]);
            __syncthreads();
            row[tid] = v;
            __syncthreads();
        }
    }
    if (c_frame.gain > c_threshold) {
        float v = row[(tid + 64) % blockDim.x] * c_frame.gain;
        __syncthreads();
        row[tid] = v;
        __syncthreads();
    }
    out[g] = row[tid];
}
