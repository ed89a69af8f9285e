//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item reads and writes only its own float4 element a[gid]
__kernel void k(__global float4 *a)
{
  size_t gid = get_global_id(0);
  float4 v = a[gid];
  a[gid] = v.wzyx + v.s1230;
}
