//pass
//--blockDim=128 --gridDim=8
// expect: drf — stage.load writes stage.vals[t] for thread t, the barrier follows, and stage.mirror reads stage.vals[127 - t]; out[blockIdx.x * 128 + t] is each thread's own.
// A shared staging object with methods, in a kernel template whose
// pattern is checked: `stage` has a class template's type, so the calls
// stage.load(...) and stage.mirror(...) are left dependent and resolved
// through the class template; the array member is its own shared array.
template <int WIDTH>
struct Stage {
    float vals[WIDTH];

    __device__ void load(const float *in)
    {
        vals[threadIdx.x] = in[blockIdx.x * WIDTH + threadIdx.x];
    }

    __device__ float mirror() const
    {
        return vals[WIDTH - 1 - threadIdx.x];
    }
};

template <int WIDTH>
__global__ void mirrorStage(const float *in, float *out)
{
    __shared__ Stage<WIDTH> stage;
    stage.load(in);
    __syncthreads();
    out[blockIdx.x * WIDTH + threadIdx.x] = stage.mirror();
}

template __global__ void mirrorStage<128>(const float *, float *);
