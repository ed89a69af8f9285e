//pass
//--blockDim=64 --gridDim=1
// expect: drf — q.p[1]: thread t writes q.p[1][t], its own cell.
// Outputs handed over as an array of pointers in a struct.
struct Outs {
    float *p[4];
};

__global__ void scatter(Outs q, const float *in)
{
    int t = threadIdx.x;
    q.p[1][t] = in[t];
}
