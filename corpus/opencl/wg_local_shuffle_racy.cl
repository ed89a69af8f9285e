//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the barrier fences only global memory (CLK_GLOBAL_MEM_FENCE), so the write buf[lid] and the partner's read buf[lid ^ 1] on __local buf are unordered
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  __local int buf[64];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  buf[lid] = in[gid];
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  out[gid] = buf[lid ^ 1] + work_group_reduce_add(buf[lid]);
}
