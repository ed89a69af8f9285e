//pass
//--local_size=64 --num_groups=16
// expect: drf — OpenCL 2.0 work_group_barrier(CLK_LOCAL_MEM_FENCE) orders the local exchange
// cl-std: CL2.0
#define WG 64

__kernel void work_group_barrier_local(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[WG - 1 - lid];
}
