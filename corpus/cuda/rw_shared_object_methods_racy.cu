//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — stage.vals: with the barrier gone, thread t writes stage.vals[t] in load while thread 127 - t reads it in mirror.
// A shared staging object with methods, in a kernel template whose
// pattern is checked: `stage` has a class template's type, so the calls
// stage.load(...) and stage.mirror(...) are left dependent and resolved
// through the class template; the array member is its own shared array.
// The barrier between load and mirror is missing.
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
    out[blockIdx.x * WIDTH + threadIdx.x] = stage.mirror();
}

template __global__ void mirrorStage<128>(const float *, float *);
